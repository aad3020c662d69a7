! race: no
! The copy reads a(i + k) with k >= n, as the code states with OpenMP 5.1's ASSUME: no iteration reads what another writes.
module assume_shift_mod
contains
  subroutine shift(n, k, a)
    integer :: n, k, i
    real :: a(n + k)
    !$omp assume holds(k >= n)
    !$omp parallel do
    do i = 1, n
      a(i) = a(i + k)
    end do
    !$omp end parallel do
    !$omp end assume
  end subroutine
end module
program assume_holds_shift
  use assume_shift_mod
  implicit none
  real :: a(200)
  a = 1.0
  call shift(100, 100, a)
  print *, a(1)
end program
