! race: yes
! A running sum: iteration i reads what iteration i-1 wrote.
program truedep_running
  implicit none
  integer :: i, n
  integer, allocatable :: s(:)
  n = 500
  allocate(s(n))
  s = 1
  !$omp parallel do
  do i = 2, n
    s(i) = s(i - 1) + s(i)
  end do
  !$omp end parallel do
  print *, s(n)
end program
