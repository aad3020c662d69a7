! race: yes
! A dot product accumulated without a reduction clause.
program missing_reduction
  implicit none
  integer, parameter :: n = 1000
  integer :: i
  double precision :: a(n), b(n), dot
  a = 1.0d0
  b = 2.0d0
  dot = 0.0d0
  !$omp parallel do
  do i = 1, n
    dot = dot + a(i) * b(i)
  end do
  !$omp end parallel do
  print *, dot
end program
