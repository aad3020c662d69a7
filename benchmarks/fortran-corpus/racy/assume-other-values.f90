! race: yes
! The stated fact is about another variable: the copy by k = 1 still reads what the next iteration writes.
module assume_other_mod
contains
  subroutine shift(n, k, m, a)
    integer :: n, k, m, i
    real :: a(n + k)
    !$omp assume holds(m >= n)
    !$omp parallel do
    do i = 1, n
      a(i) = a(i + k)
    end do
    !$omp end parallel do
    !$omp end assume
  end subroutine
end module
program assume_other_values
  use assume_other_mod
  implicit none
  real :: a(200)
  a = 1.0
  call shift(100, 1, 100, a)
  print *, a(1)
end program
