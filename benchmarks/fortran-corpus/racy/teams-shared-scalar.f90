! race: yes
! Every team's initial thread writes the same shared scalar.
program teams_shared_scalar
  implicit none
  integer :: owner
  owner = -1
  !$omp teams num_teams(4)
  owner = 7
  !$omp end teams
  print *, owner
end program
