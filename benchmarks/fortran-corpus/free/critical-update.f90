! race: no
! Every access of the shared maximum is inside one critical section.
program critical_update
  implicit none
  integer :: i, best
  best = 0
  !$omp parallel do
  do i = 1, 100
    !$omp critical
    if (i > best) best = i
    !$omp end critical
  end do
  !$omp end parallel do
  print *, best
end program
