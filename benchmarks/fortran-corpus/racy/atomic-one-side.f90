! race: yes
! Updates are atomic but another iteration reads the value plainly.
program atomic_one_side
  implicit none
  integer :: i, total, snap(100)
  total = 0
  !$omp parallel do
  do i = 1, 100
    !$omp atomic
    total = total + i
    snap(i) = total
  end do
  !$omp end parallel do
  print *, snap(100)
end program
