! race: no
! Only thread 0 writes the total, after a barrier.
program thread0_total
  use omp_lib
  implicit none
  integer :: part(0:63), total
  part = 0
  total = 0
  !$omp parallel num_threads(4)
  part(omp_get_thread_num()) = 1
  !$omp barrier
  if (omp_get_thread_num() == 0) total = sum(part)
  !$omp end parallel
  print *, total
end program
