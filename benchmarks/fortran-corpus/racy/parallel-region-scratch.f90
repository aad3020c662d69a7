! race: yes
! Every thread writes and reads one shared scratch array in a parallel region.
program parallel_region_scratch
  use omp_lib
  implicit none
  real :: row(16), res(0:63)
  integer :: k
  !$omp parallel private(k) num_threads(4)
  do k = 1, 16
    row(k) = omp_get_thread_num() + k
  end do
  res(omp_get_thread_num()) = sum(row)
  !$omp end parallel
  print *, res(0)
end program
