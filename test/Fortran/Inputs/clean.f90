subroutine clean(a, b, n)
  integer :: n, i
  real :: a(n), b(n), tmp
  !$omp parallel do private(tmp)
  do i = 1, n
    tmp = a(i) * 2
    b(i) = tmp + 1
  end do
  !$omp end parallel do
end subroutine
