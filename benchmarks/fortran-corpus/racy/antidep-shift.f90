! race: yes
! Each iteration reads the element the next iteration writes.
program antidep_shift
  implicit none
  integer, parameter :: n = 1000
  integer :: i
  real :: v(n)
  v = [(real(i), i = 1, n)]
  !$omp parallel do
  do i = 1, n - 1
    v(i) = v(i + 1) * 0.5
  end do
  !$omp end parallel do
  print *, v(10)
end program
