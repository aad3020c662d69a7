! race: yes
! sections end with nowait; the team reads what a section writes.
program sections_nowait_read
  use omp_lib
  implicit none
  real :: r1, r2, got(0:3)
  r1 = 0.0
  r2 = 0.0
  !$omp parallel num_threads(4)
  !$omp sections
  !$omp section
  r1 = 1.0
  !$omp section
  r2 = 2.0
  !$omp end sections nowait
  got(omp_get_thread_num()) = r1 + r2
  !$omp end parallel
  print *, got(0)
end program
