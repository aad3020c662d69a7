! race: yes
! Each thread writes its slot, then reads its neighbour's slot without a barrier.
program missing_barrier_phases
  use omp_lib
  implicit none
  integer :: t, nt
  integer :: slot(0:63), peek(0:63)
  slot = 0
  !$omp parallel private(t, nt) num_threads(4)
  t = omp_get_thread_num()
  nt = omp_get_num_threads()
  slot(t) = t * 10
  peek(t) = slot(mod(t + 1, nt))
  !$omp end parallel
  print *, peek(0)
end program
