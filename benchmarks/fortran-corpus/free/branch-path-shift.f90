! race: no
! The parallel copy runs only in the branch where k >= n (the single-process path of an MPI code); the other path copies sequentially.
module branch_path_mod
contains
  subroutine shift(n, k, a)
    integer :: n, k, i
    real :: a(n + k)
    if (k >= n) then
      !$omp parallel do
      do i = 1, n
        a(i) = a(i + k)
      end do
      !$omp end parallel do
    else
      do i = 1, n
        a(i) = a(i + k)
      end do
    end if
  end subroutine
end module
program branch_path_shift
  use branch_path_mod
  implicit none
  real :: a(200)
  a = 1.0
  call shift(100, 1, a)
  print *, a(1)
end program
