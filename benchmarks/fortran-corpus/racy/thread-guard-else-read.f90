! race: yes
! Thread 0 writes while the other threads read the same scalar in the else branch.
program thread_guard_else_read
  use omp_lib
  implicit none
  integer :: x, y(0:63)
  x = 0
  y = 0
  !$omp parallel num_threads(4)
  if (omp_get_thread_num() == 0) then
    x = 5
  else
    y(omp_get_thread_num()) = x
  end if
  !$omp end parallel
  print *, y(1)
end program
