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

subroutine sweep(a, n, m)
  integer :: n, m, i, j
  real :: a(n, m)
  ! 'j' is a DO variable in the construct: private whatever the clause
  ! says (equivalent).
  !$omp parallel do private(j)
  do i = 1, n
    do j = 1, m
      a(i, j) = a(i, j) * 2
    end do
  end do
  !$omp end parallel do
end subroutine
