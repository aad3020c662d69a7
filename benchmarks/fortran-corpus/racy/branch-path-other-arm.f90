! race: yes
! The parallel copy is in the arm where k < n: iteration i + k writes what iteration i reads.
module branch_other_mod
contains
  subroutine shift(n, k, a)
    integer :: n, k, i
    real :: a(n + k)
    if (k >= n) then
      a(1) = 0.0
    else
      !$omp parallel do
      do i = 1, n
        a(i) = a(i + k)
      end do
      !$omp end parallel do
    end if
  end subroutine
end module
program branch_path_other_arm
  use branch_other_mod
  implicit none
  real :: a(200)
  a = 1.0
  call shift(100, 1, a)
  print *, a(1)
end program
