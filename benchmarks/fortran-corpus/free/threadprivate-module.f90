! race: no
! A threadprivate module variable is each thread's own.
module tp_mod
  integer :: scratch
  !$omp threadprivate(scratch)
end module
program threadprivate_module
  use tp_mod
  use omp_lib
  implicit none
  integer :: out(0:63)
  out = 0
  !$omp parallel num_threads(4)
  scratch = omp_get_thread_num()
  out(omp_get_thread_num()) = scratch
  !$omp end parallel
  print *, out(0)
end program
