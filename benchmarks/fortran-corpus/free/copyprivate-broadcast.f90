! race: no
! single copyprivate broadcasts a value to every thread's private copy.
program copyprivate_broadcast
  use omp_lib
  implicit none
  integer :: v, got(0:63)
  got = 0
  !$omp parallel private(v) num_threads(4)
  !$omp single
  v = 11
  !$omp end single copyprivate(v)
  got(omp_get_thread_num()) = v
  !$omp end parallel
  print *, got(0)
end program
