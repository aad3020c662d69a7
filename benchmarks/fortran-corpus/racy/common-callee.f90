! race: yes
! A COMMON variable updated by a called subroutine in every iteration.
subroutine accumulate(v)
  real :: v, acc
  common /sums/ acc
  acc = acc + v
end subroutine
program common_callee
  implicit none
  integer :: i
  real :: acc, vals(64)
  common /sums/ acc
  acc = 0.0
  vals = 1.0
  !$omp parallel do
  do i = 1, 64
    call accumulate(vals(i))
  end do
  !$omp end parallel do
  print *, acc
end program
