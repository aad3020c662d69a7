! race: no
! if(.false.) runs the region on one thread.
program parallel_if_false
  implicit none
  integer :: solo
  solo = 0
  !$omp parallel if(.false.)
  solo = solo + 1
  !$omp end parallel
  print *, solo
end program
