! race: no
! A maximum with a reduction clause.
program max_reduction
  implicit none
  integer :: i
  real :: v(500), top
  v = [(real(mod(i * 37, 101)), i = 1, 500)]
  top = -1.0
  !$omp parallel do reduction(max:top)
  do i = 1, 500
    top = max(top, v(i))
  end do
  !$omp end parallel do
  print *, top
end program
