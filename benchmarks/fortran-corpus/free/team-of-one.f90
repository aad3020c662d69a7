! race: no
! A team of one thread.
program team_of_one
  implicit none
  integer :: solo
  solo = 0
  !$omp parallel num_threads(1)
  solo = solo + 1
  !$omp end parallel
  print *, solo
end program
