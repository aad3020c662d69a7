! race: yes
! Writes are in a critical section but the read is not.
program critical_one_side
  implicit none
  integer :: i, best, seen(100)
  best = 0
  !$omp parallel do
  do i = 1, 100
    !$omp critical
    best = max(best, i)
    !$omp end critical
    seen(i) = best
  end do
  !$omp end parallel do
  print *, seen(1)
end program
