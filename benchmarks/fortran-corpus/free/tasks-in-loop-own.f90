! race: no
! Tasks created in a loop each write their own element.
program tasks_in_loop_own
  implicit none
  integer :: i
  integer :: out(20)
  !$omp parallel
  !$omp single
  do i = 1, 20
    !$omp task
    out(i) = i * i
    !$omp end task
  end do
  !$omp end single
  !$omp end parallel
  print *, out(20)
end program
