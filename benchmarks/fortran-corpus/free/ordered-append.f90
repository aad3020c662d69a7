! race: no
! The shared position is only used inside an ordered region.
program ordered_append
  implicit none
  integer :: i, pos
  integer :: seq(100)
  pos = 0
  !$omp parallel do ordered
  do i = 1, 100
    !$omp ordered
    pos = pos + 1
    seq(pos) = i
    !$omp end ordered
  end do
  !$omp end parallel do
  print *, seq(100)
end program
