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

! Upper case, as fixed-form codes write it: Flang names 't', and the
! mutant is caught all the same.
SUBROUTINE SCALE(A, N)
  INTEGER :: N, I
  REAL :: A(N), T
!$OMP PARALLEL DO PRIVATE(T)
  DO I = 1, N
    T = A(I) * 2
    A(I) = T
  END DO
!$OMP END PARALLEL DO
END SUBROUTINE
