! race: yes
! The first loop ends with nowait; the second reads a neighbour written by another thread.
program nowait_neighbour
  implicit none
  integer, parameter :: n = 1000
  integer :: i
  real :: p(n), q(n)
  !$omp parallel
  !$omp do
  do i = 1, n
    p(i) = i * 2.0
  end do
  !$omp end do nowait
  !$omp do
  do i = 2, n
    q(i) = p(i - 1) + p(i)
  end do
  !$omp end do
  !$omp end parallel
  print *, q(500)
end program
