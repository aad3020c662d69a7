! race: no
! Indices come from a constant table; the two arrays are offset far apart.
program constant_index_gap
  implicit none
  integer, parameter :: idx(5) = [1, 3, 5, 7, 9]
  integer :: i
  real :: base(100)
  base = 0.0
  !$omp parallel do
  do i = 1, 5
    base(idx(i)) = base(idx(i)) + 1.0
    base(idx(i) + 50) = base(idx(i) + 50) + 2.0
  end do
  !$omp end parallel do
  print *, base(1), base(51)
end program
