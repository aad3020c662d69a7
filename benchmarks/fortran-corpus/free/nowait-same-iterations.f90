! race: no
! Two statically scheduled loops with the same bounds: iteration i of both runs on one thread.
program nowait_same_iterations
  implicit none
  integer :: i
  real :: a(800), b(800)
  !$omp parallel
  !$omp do schedule(static)
  do i = 1, 800
    a(i) = i
  end do
  !$omp end do nowait
  !$omp do schedule(static)
  do i = 1, 800
    b(i) = a(i) * 2.0
  end do
  !$omp end do
  !$omp end parallel
  print *, b(800)
end program
