! race: no
! Only the node whose slot is the root writes root_var: the code states, with an ASSUME inside the loop, that the slot a node loads is its own, so one node passes the test.
module assume_root_mod
contains
  subroutine find_root(nsteps, step, work, root, root_var)
    integer :: nsteps, root, root_var, node
    integer :: step(nsteps), work(nsteps)
    !$omp parallel do
    do node = 1, nsteps
      step(work(node)) = abs(step(work(node)))
      !$omp assume holds(step(work(node)) == node)
      if (step(work(node)) == root) then
        root_var = work(node)
      end if
      !$omp end assume
    end do
    !$omp end parallel do
  end subroutine
end module
program assume_one_root
  use assume_root_mod
  implicit none
  integer :: step(50), work(50), i, root_var
  do i = 1, 50
    work(i) = 51 - i
    step(51 - i) = -i
  end do
  root_var = 0
  call find_root(50, step, work, 7, root_var)
  print *, root_var
end program
