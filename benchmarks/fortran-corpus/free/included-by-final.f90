! race: no
! The child of a final task is included: it has finished when its parent reads x.
program included_by_final
  implicit none
  integer :: x, y
  x = 0
  y = 0
  !$omp parallel
  !$omp single
  !$omp task final(.true.) shared(x, y)
  !$omp task shared(x)
  x = 1
  !$omp end task
  y = x + 1
  !$omp end task
  !$omp end single
  !$omp end parallel
  print *, y
end program
