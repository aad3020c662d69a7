! Correct, and needs OpenMP 5.0 (its entry says -fopenmp-version=50).
subroutine clean(a, n, s)
  integer :: n, i
  real :: a(n), s, t
  !$omp parallel do private(t)
  do i = 1, n
    !$omp atomic read acquire
    t = s
    a(i) = a(i) + t
  end do
  !$omp end parallel do
end subroutine
