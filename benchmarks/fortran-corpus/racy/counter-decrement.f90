! race: yes
! A shared counter decremented under a data-dependent condition.
program counter_decrement
  implicit none
  integer :: i, left
  integer :: flags(200)
  flags = 1
  flags(::3) = 0
  left = 200
  !$omp parallel do
  do i = 1, 200
    if (flags(i) == 0) left = left - 1
  end do
  !$omp end parallel do
  print *, left
end program
