! race: yes
! A SAVE variable of a called subroutine is one object for every thread.
module tally_mod
contains
  subroutine tally()
    integer, save :: calls = 0
    calls = calls + 1
  end subroutine
end module
program save_in_callee
  use tally_mod
  implicit none
  !$omp parallel
  call tally()
  !$omp end parallel
end program
