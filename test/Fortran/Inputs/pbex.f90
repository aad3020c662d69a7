! The callee of fix-external-call.f90, compiled apart from it: the analysis
! of that file cannot see what pbex does with its arguments.
subroutine pbex(rho, iflag, sx)
  real(8), intent(in) :: rho
  integer, intent(in) :: iflag
  real(8), intent(out) :: sx
  real(8) :: f
  integer :: k
  f = 1.0d0
  if (iflag == 2) f = 2.0d0
  do k = 1, 50
    f = f * 0.999d0 + rho * 1.0d-3
  end do
  sx = rho * f
end subroutine
