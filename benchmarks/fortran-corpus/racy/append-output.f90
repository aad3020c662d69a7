! race: yes
! Appending to an output array through a shared length.
program append_output
  implicit none
  integer :: i, m
  integer :: src(100), dst(100)
  src = [(i, i = 1, 100)]
  m = 0
  !$omp parallel do
  do i = 1, 100
    m = m + 1
    dst(m) = src(i)
  end do
  !$omp end parallel do
  print *, m, dst(1)
end program
