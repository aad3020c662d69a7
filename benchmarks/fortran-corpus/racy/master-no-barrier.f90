! race: yes
! The master thread sets a value the other threads read with no barrier between.
program master_no_barrier
  use omp_lib
  implicit none
  integer :: limit, got(0:63)
  limit = 0
  got = 0
  !$omp parallel num_threads(4)
  !$omp master
  limit = 10
  !$omp end master
  got(omp_get_thread_num()) = limit
  !$omp end parallel
  print *, got(0)
end program
