! race: no
! The copy by k runs on several threads only where its IF clause holds, k >= n, and then no iteration reads another's element.
module parallel_if_mod
contains
  subroutine shift(n, k, a)
    integer :: n, k, i
    real :: a(n + k)
    !$omp parallel do if(k >= n)
    do i = 1, n
      a(i) = a(i + k)
    end do
    !$omp end parallel do
  end subroutine
end module
program parallel_if_shift
  use parallel_if_mod
  implicit none
  real :: a(200)
  a = 1.0
  call shift(100, 1, a)
  call shift(100, 100, a)
  print *, a(1)
end program
