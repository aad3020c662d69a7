! A directive in a block the build leaves out (no -DTUNED): its mutant is
! the original, set apart as equivalent.
subroutine tuned(a, n)
  integer :: n, i
  real :: a(n), t
#if defined(TUNED)
  !$omp parallel do private(t)
#endif
  do i = 1, n
    t = a(i) * 2
    a(i) = t
  end do
end subroutine
