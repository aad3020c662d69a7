! race: no
! A thread-0 guard inside a sequential loop of the parallel region.
program thread0_in_do
  use omp_lib
  implicit none
  integer :: k, log(20)
  log = 0
  !$omp parallel private(k)
  do k = 1, 20
    if (omp_get_thread_num() == 0) then
      log(k) = k * k
    end if
  end do
  !$omp end parallel
  print *, log(20)
end program
