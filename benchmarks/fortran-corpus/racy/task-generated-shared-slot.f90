! race: yes
! Tasks from every iteration write the same element.
program task_generated_shared_slot
  implicit none
  integer :: i
  integer :: box(4)
  box = 0
  !$omp parallel
  !$omp single
  do i = 1, 10
    !$omp task
    box(2) = i
    !$omp end task
  end do
  !$omp end single
  !$omp end parallel
  print *, box(2)
end program
