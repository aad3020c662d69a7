! race: yes
! A workshare ends with nowait and the threads then read its results.
program workshare_nowait_read
  use omp_lib
  implicit none
  real :: u(1000), w(1000), firsts(0:63)
  u = 1.0
  !$omp parallel num_threads(4)
  !$omp workshare
  w = u * 3.0
  !$omp end workshare nowait
  firsts(omp_get_thread_num()) = w(1000)
  !$omp end parallel
  print *, firsts(0)
end program
