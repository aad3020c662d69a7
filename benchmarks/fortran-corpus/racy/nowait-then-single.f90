! race: yes
! After a nowait loop, a single thread sums what other threads may still be writing.
program nowait_then_single
  implicit none
  integer :: i
  real :: z(500), total
  total = 0.0
  !$omp parallel
  !$omp do
  do i = 1, 500
    z(i) = real(i)
  end do
  !$omp end do nowait
  !$omp single
  total = z(1) + z(500)
  !$omp end single
  !$omp end parallel
  print *, total
end program
