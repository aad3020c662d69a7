! race: no
! The thread number is kept in a private variable and one thread writes.
program thread0_via_variable
  use omp_lib
  implicit none
  integer :: me, status
  status = 0
  !$omp parallel private(me)
  me = omp_get_thread_num()
  if (me == 0) then
    status = 1
  end if
  !$omp end parallel
  print *, status
end program
