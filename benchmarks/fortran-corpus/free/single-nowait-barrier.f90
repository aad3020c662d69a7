! race: no
! single nowait, then an explicit barrier before the team reads.
program single_nowait_barrier
  use omp_lib
  implicit none
  real :: base, got(0:3)
  !$omp parallel num_threads(4)
  !$omp single
  base = 2.5
  !$omp end single nowait
  !$omp barrier
  got(omp_get_thread_num()) = base
  !$omp end parallel
  print *, got(0)
end program
