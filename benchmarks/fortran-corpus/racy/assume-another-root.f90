! race: yes
! The ASSUME inside the loop speaks of work(node), not of the slot the branch tests: every node whose slot holds the root's value writes root_var.
module assume_another_mod
contains
  subroutine find_root(nsteps, step, work, root, root_var)
    integer :: nsteps, root, root_var, node
    integer :: step(nsteps), work(nsteps)
    !$omp parallel do
    do node = 1, nsteps
      !$omp assume holds(work(node) >= 1)
      if (step(work(node)) == root) then
        root_var = work(node)
      end if
      !$omp end assume
    end do
    !$omp end parallel do
  end subroutine
end module
program assume_another_root
  use assume_another_mod
  implicit none
  integer :: step(50), work(50), i, root_var
  do i = 1, 50
    work(i) = 51 - i
    step(i) = 7
  end do
  root_var = 0
  call find_root(50, step, work, 7, root_var)
  print *, root_var
end program
