! race: no
! Two tasks write disjoint array sections.
program tasks_distinct_sections
  implicit none
  real :: a(100)
  !$omp parallel
  !$omp single
  !$omp task
  a(1:50) = 1.0
  !$omp end task
  !$omp task
  a(51:100) = 2.0
  !$omp end task
  !$omp end single
  !$omp end parallel
  print *, a(75)
end program
