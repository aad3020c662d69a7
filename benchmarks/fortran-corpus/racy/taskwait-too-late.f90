! race: yes
! The creator uses the task's output before the taskwait.
program taskwait_too_late
  implicit none
  integer :: i
  real :: buf(50), acc
  acc = 0.0
  !$omp parallel
  !$omp single
  !$omp task shared(buf)
  do i = 1, 50
    buf(i) = i
  end do
  !$omp end task
  acc = buf(25)
  !$omp taskwait
  print *, acc
  !$omp end single
  !$omp end parallel
end program
