subroutine total(a, n, s)
  integer :: n, i
  real :: a(n), s, t
  s = 0
  !$omp parallel do private(t) reduction(+:s)
  do i = 1, n
    t = a(i) * 2
    s = s + t
  end do
  !$omp end parallel do
end subroutine
