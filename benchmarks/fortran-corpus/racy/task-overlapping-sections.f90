! race: yes
! Two tasks write overlapping array sections.
program task_overlapping_sections
  implicit none
  real :: a(100)
  !$omp parallel
  !$omp single
  !$omp task
  a(1:50) = 1.0
  !$omp end task
  !$omp task
  a(40:100) = 2.0
  !$omp end task
  !$omp end single
  !$omp end parallel
  print *, a(45)
end program
