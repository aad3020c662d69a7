! race: no
! The master thread sets a value; a barrier orders the reads after it.
program master_barrier
  use omp_lib
  implicit none
  integer :: limit, got(0:63)
  got = 0
  !$omp parallel num_threads(4)
  !$omp master
  limit = 10
  !$omp end master
  !$omp barrier
  got(omp_get_thread_num()) = limit
  !$omp end parallel
  print *, got(0)
end program
