! race: no
! single ends with a barrier: the others read the value after it.
program single_then_read
  use omp_lib
  implicit none
  integer :: seed, got(0:63)
  got = 0
  !$omp parallel num_threads(4)
  !$omp single
  seed = 17
  !$omp end single
  got(omp_get_thread_num()) = seed
  !$omp end parallel
  print *, got(0)
end program
