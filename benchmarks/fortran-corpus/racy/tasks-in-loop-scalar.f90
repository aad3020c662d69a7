! race: yes
! Tasks created in a loop all update one shared scalar.
program tasks_in_loop_scalar
  implicit none
  integer :: i, s
  s = 0
  !$omp parallel
  !$omp single
  do i = 1, 20
    !$omp task shared(s)
    s = s + i
    !$omp end task
  end do
  !$omp end single
  !$omp end parallel
  print *, s
end program
