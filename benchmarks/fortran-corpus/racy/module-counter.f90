! race: yes
! A module counter incremented by every thread of the team.
module counts_mod
  integer :: events = 0
end module
program module_counter
  use counts_mod
  implicit none
  !$omp parallel
  events = events + 1
  !$omp end parallel
  print *, events
end program
