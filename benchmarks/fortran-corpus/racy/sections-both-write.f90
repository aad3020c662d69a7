! race: yes
! Two sections assign the same shared scalar.
program sections_both_write
  implicit none
  integer :: winner
  winner = 0
  !$omp parallel sections
  !$omp section
  winner = 1
  !$omp section
  winner = 2
  !$omp end parallel sections
  print *, winner
end program
